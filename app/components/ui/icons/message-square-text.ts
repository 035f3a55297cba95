import { MessageSquareText as Lucide } from "lucide-react";
import { icon } from "./icon";

export const MessageSquareText = /* @__PURE__ */ icon("MessageSquareText", Lucide);
