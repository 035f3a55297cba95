import { Check as Lucide } from "lucide-react";
import { icon } from "./icon";

export const Check = /* @__PURE__ */ icon("Check", Lucide);
