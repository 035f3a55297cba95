import { XCircle as Lucide } from "lucide-react";
import { icon } from "./icon";

export const XCircle = /* @__PURE__ */ icon("XCircle", Lucide);
