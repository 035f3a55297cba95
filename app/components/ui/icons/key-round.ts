import { KeyRound as Lucide } from "lucide-react";
import { icon } from "./icon";

export const KeyRound = /* @__PURE__ */ icon("KeyRound", Lucide);
