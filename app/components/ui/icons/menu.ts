import { Menu as Lucide } from "lucide-react";
import { icon } from "./icon";

export const Menu = /* @__PURE__ */ icon("Menu", Lucide);
