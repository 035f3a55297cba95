import { BarChart3 as Lucide } from "lucide-react";
import { icon } from "./icon";

export const BarChart3 = /* @__PURE__ */ icon("BarChart3", Lucide);
