import { RefreshCw as Lucide } from "lucide-react";
import { icon } from "./icon";

export const RefreshCw = /* @__PURE__ */ icon("RefreshCw", Lucide);
