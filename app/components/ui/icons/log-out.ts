import { LogOut as Lucide } from "lucide-react";
import { icon } from "./icon";

export const LogOut = /* @__PURE__ */ icon("LogOut", Lucide);
