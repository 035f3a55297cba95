import { Plus as Lucide } from "lucide-react";
import { icon } from "./icon";

export const Plus = /* @__PURE__ */ icon("Plus", Lucide);
