import { Users as Lucide } from "lucide-react";
import { icon } from "./icon";

export const Users = /* @__PURE__ */ icon("Users", Lucide);
