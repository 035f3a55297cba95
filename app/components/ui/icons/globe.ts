import { Globe as Lucide } from "lucide-react";
import { icon } from "./icon";

export const Globe = /* @__PURE__ */ icon("Globe", Lucide);
