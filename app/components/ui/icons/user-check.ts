import { UserCheck as Lucide } from "lucide-react";
import { icon } from "./icon";

export const UserCheck = /* @__PURE__ */ icon("UserCheck", Lucide);
