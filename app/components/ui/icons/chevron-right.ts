import { ChevronRight as Lucide } from "lucide-react";
import { icon } from "./icon";

export const ChevronRight = /* @__PURE__ */ icon("ChevronRight", Lucide);
