import { Gamepad2 as Lucide } from "lucide-react";
import { icon } from "./icon";

export const Gamepad2 = /* @__PURE__ */ icon("Gamepad2", Lucide);
