import { Layers as Lucide } from "lucide-react";
import { icon } from "./icon";

export const Layers = /* @__PURE__ */ icon("Layers", Lucide);
