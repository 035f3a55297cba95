import { Heart as Lucide } from "lucide-react";
import { icon } from "./icon";

export const Heart = /* @__PURE__ */ icon("Heart", Lucide);
