import { Database as Lucide } from "lucide-react";
import { icon } from "./icon";

export const Database = /* @__PURE__ */ icon("Database", Lucide);
