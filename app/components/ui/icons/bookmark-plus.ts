import { BookmarkPlus as Lucide } from "lucide-react";
import { icon } from "./icon";

export const BookmarkPlus = /* @__PURE__ */ icon("BookmarkPlus", Lucide);
