import { ShieldAlert as Lucide } from "lucide-react";
import { icon } from "./icon";

export const ShieldAlert = /* @__PURE__ */ icon("ShieldAlert", Lucide);
