import { Loader2 as Lucide } from "lucide-react";
import { icon } from "./icon";

export const Loader2 = /* @__PURE__ */ icon("Loader2", Lucide);
