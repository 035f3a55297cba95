import { Sparkles as Lucide } from "lucide-react";
import { icon } from "./icon";

export const Sparkles = /* @__PURE__ */ icon("Sparkles", Lucide);
