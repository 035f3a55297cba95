import { ChevronLeft as Lucide } from "lucide-react";
import { icon } from "./icon";

export const ChevronLeft = /* @__PURE__ */ icon("ChevronLeft", Lucide);
