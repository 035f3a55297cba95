import { Shield as Lucide } from "lucide-react";
import { icon } from "./icon";

export const Shield = /* @__PURE__ */ icon("Shield", Lucide);
