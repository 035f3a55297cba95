import { SlidersHorizontal as Lucide } from "lucide-react";
import { icon } from "./icon";

export const SlidersHorizontal = /* @__PURE__ */ icon("SlidersHorizontal", Lucide);
