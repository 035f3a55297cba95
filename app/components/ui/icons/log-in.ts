import { LogIn as Lucide } from "lucide-react";
import { icon } from "./icon";

export const LogIn = /* @__PURE__ */ icon("LogIn", Lucide);
