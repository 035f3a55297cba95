import { Lock as Lucide } from "lucide-react";
import { icon } from "./icon";

export const Lock = /* @__PURE__ */ icon("Lock", Lucide);
