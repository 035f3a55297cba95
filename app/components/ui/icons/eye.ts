import { Eye as Lucide } from "lucide-react";
import { icon } from "./icon";

export const Eye = /* @__PURE__ */ icon("Eye", Lucide);
