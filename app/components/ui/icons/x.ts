import { X as Lucide } from "lucide-react";
import { icon } from "./icon";

export const X = /* @__PURE__ */ icon("X", Lucide);
