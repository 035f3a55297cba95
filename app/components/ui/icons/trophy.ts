import { Trophy as Lucide } from "lucide-react";
import { icon } from "./icon";

export const Trophy = /* @__PURE__ */ icon("Trophy", Lucide);
