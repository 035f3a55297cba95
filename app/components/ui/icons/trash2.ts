import { Trash2 as Lucide } from "lucide-react";
import { icon } from "./icon";

export const Trash2 = /* @__PURE__ */ icon("Trash2", Lucide);
