import { MessageSquare as Lucide } from "lucide-react";
import { icon } from "./icon";

export const MessageSquare = /* @__PURE__ */ icon("MessageSquare", Lucide);
