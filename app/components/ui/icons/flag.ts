import { Flag as Lucide } from "lucide-react";
import { icon } from "./icon";

export const Flag = /* @__PURE__ */ icon("Flag", Lucide);
