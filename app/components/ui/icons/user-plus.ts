import { UserPlus as Lucide } from "lucide-react";
import { icon } from "./icon";

export const UserPlus = /* @__PURE__ */ icon("UserPlus", Lucide);
