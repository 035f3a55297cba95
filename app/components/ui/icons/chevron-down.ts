import { ChevronDown as Lucide } from "lucide-react";
import { icon } from "./icon";

export const ChevronDown = /* @__PURE__ */ icon("ChevronDown", Lucide);
