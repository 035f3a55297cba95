import { Play as Lucide } from "lucide-react";
import { icon } from "./icon";

export const Play = /* @__PURE__ */ icon("Play", Lucide);
