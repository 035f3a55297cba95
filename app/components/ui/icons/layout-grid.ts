import { LayoutGrid as Lucide } from "lucide-react";
import { icon } from "./icon";

export const LayoutGrid = /* @__PURE__ */ icon("LayoutGrid", Lucide);
