import { MapPin as Lucide } from "lucide-react";
import { icon } from "./icon";

export const MapPin = /* @__PURE__ */ icon("MapPin", Lucide);
