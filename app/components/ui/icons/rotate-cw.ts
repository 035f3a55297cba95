import { RotateCw as Lucide } from "lucide-react";
import { icon } from "./icon";

export const RotateCw = /* @__PURE__ */ icon("RotateCw", Lucide);
