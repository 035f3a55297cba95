import { Library as Lucide } from "lucide-react";
import { icon } from "./icon";

export const Library = /* @__PURE__ */ icon("Library", Lucide);
