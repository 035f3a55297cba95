import { Pencil as Lucide } from "lucide-react";
import { icon } from "./icon";

export const Pencil = /* @__PURE__ */ icon("Pencil", Lucide);
