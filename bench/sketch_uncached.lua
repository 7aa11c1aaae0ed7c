-- wrk script for /api/sketch with every request missing the sketch memo: it
-- cycles 33 grid widths through the memo's 32 entries (see docs/PERFORMANCE.md).
counter = 0
request = function()
  counter = counter + 1
  local w = 100 + (counter % 33)
  return wrk.format("GET", "/api/sketch?grid_width=" .. w .. "&grid_height=38")
end
