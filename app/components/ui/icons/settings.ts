import { Settings as Lucide } from "lucide-react";
import { icon } from "./icon";

export const Settings = /* @__PURE__ */ icon("Settings", Lucide);
