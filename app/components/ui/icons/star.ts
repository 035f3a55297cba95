import { Star as Lucide } from "lucide-react";
import { icon } from "./icon";

export const Star = /* @__PURE__ */ icon("Star", Lucide);
