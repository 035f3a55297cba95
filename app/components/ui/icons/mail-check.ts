import { MailCheck as Lucide } from "lucide-react";
import { icon } from "./icon";

export const MailCheck = /* @__PURE__ */ icon("MailCheck", Lucide);
