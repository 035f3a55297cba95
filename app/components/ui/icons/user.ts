import { User as Lucide } from "lucide-react";
import { icon } from "./icon";

export const User = /* @__PURE__ */ icon("User", Lucide);
