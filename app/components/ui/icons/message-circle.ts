import { MessageCircle as Lucide } from "lucide-react";
import { icon } from "./icon";

export const MessageCircle = /* @__PURE__ */ icon("MessageCircle", Lucide);
