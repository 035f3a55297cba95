import { EyeOff as Lucide } from "lucide-react";
import { icon } from "./icon";

export const EyeOff = /* @__PURE__ */ icon("EyeOff", Lucide);
