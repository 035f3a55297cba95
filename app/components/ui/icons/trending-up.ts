import { TrendingUp as Lucide } from "lucide-react";
import { icon } from "./icon";

export const TrendingUp = /* @__PURE__ */ icon("TrendingUp", Lucide);
