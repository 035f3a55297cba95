import { Clock as Lucide } from "lucide-react";
import { icon } from "./icon";

export const Clock = /* @__PURE__ */ icon("Clock", Lucide);
