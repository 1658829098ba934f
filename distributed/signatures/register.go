package signatures

import (
	"reflect"

	"github.com/apache/beam/sdks/v2/go/pkg/beam"
	"github.com/apache/beam/sdks/v2/go/pkg/beam/register"

	"github.com/anonet-project/anonet/anonymity"
)

// Register adds the pipeline's functions and element types to Beam's
// process-wide registry, which workers use to find them by name. Call it in
// main (or TestMain) before beam.Init; calling it again is harmless.
func Register() {
	beam.RegisterType(reflect.TypeFor[NodeDeg]())
	beam.RegisterType(reflect.TypeFor[Msg]())
	beam.RegisterType(reflect.TypeFor[NodeInfo]())
	beam.RegisterType(reflect.TypeFor[anonymity.SizeCount]())

	register.Function3x1(readWhole)
	register.DoFn3x1[string, func(string, string), func(string), error](&parseFn{})
	register.Function4x0(sendDegree)
	register.DoFn3x0[string, func(*NodeDeg) bool, func(string, Msg)](&sendUpFn{})
	register.Function1x2(markNode)
	register.DoFn4x1[string, func(*Msg) bool, func(*int) bool, func(string, string), error](&signFn{})
	register.DoFn4x1[string, func(*string) bool, func(*int) bool, func(string), error](&belowKFn{})
	register.DoFn5x0[string, func(*Msg) bool, func(*int) bool, func(string, NodeInfo), func(string, int)](&triangleFn{})
	register.DoFn4x1[string, func(*NodeInfo) bool, func(*int) bool, func(string, string), error](&localSignFn{})
	register.Function2x1(classSize)
	register.Function2x1(inOrder)
	register.Function2x3(histEntry)
	register.DoFn3x2[int, func(*anonymity.SizeCount) bool, func(*int) bool, string, error](&summaryFn{})

	register.Emitter1[string]()
	register.Emitter1[int]()
	register.Emitter2[string, string]()
	register.Emitter2[string, NodeDeg]()
	register.Emitter2[string, Msg]()
	register.Emitter2[string, NodeInfo]()
	register.Emitter2[string, int]()
	register.Iter1[string]()
	register.Iter1[NodeDeg]()
	register.Iter1[Msg]()
	register.Iter1[NodeInfo]()
	register.Iter1[int]()
	register.Iter1[anonymity.SizeCount]()
}
