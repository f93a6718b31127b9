// The JSON layer (values, reader, writer, pointers, errors with positions)
// is the target GraphDiffJSON; an app imports GraphDiff alone and sees it.
@_exported import GraphDiffJSON
