import { AlertCircle as Lucide } from "lucide-react";
import { icon } from "./icon";

export const AlertCircle = /* @__PURE__ */ icon("AlertCircle", Lucide);
