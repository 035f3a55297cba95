import { CalendarDays as Lucide } from "lucide-react";
import { icon } from "./icon";

export const CalendarDays = /* @__PURE__ */ icon("CalendarDays", Lucide);
