import { UserRound as Lucide } from "lucide-react";
import { icon } from "./icon";

export const UserRound = /* @__PURE__ */ icon("UserRound", Lucide);
