import { CheckCircle2 as Lucide } from "lucide-react";
import { icon } from "./icon";

export const CheckCircle2 = /* @__PURE__ */ icon("CheckCircle2", Lucide);
