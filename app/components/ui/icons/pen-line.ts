import { PenLine as Lucide } from "lucide-react";
import { icon } from "./icon";

export const PenLine = /* @__PURE__ */ icon("PenLine", Lucide);
